"""What each start-up trick the code keeps earns, in instructions of whole commands, as JSON.

Run: python benchmarks/tricks.py [--only NAME] > benchmarks/tricks-result.json

A trick that makes code harder to read stays only if it earns at least 10% on some command
(docs/architecture.md, "Start-up budget"). For each trick in :data:`TRICKS` this copies the
package into a scratch folder, undoes the trick there (most are "import this only where it is
used": the copy imports it at the top of the module instead), and counts the instructions of the
commands the trick is for in both trees with ``valgrind --tool=callgrind`` (load-independent;
see ``startup_instructions.py``). ``earned`` is the share of the command's instructions without
the trick that the trick saves: ``1 - with / without``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import startup
import startup_instructions

ROOT = startup.ROOT
FUTURE = "from __future__ import annotations\n"

TRICKS: dict[str, tuple[str, dict[str, str], list[str]]] = {
    "exit at once": (
        "the console script ends the process with os._exit once the command is done "
        "(course_builder.cli.exit_now) instead of taking the interpreter apart",
        {"course_builder/cli/__init__.py": "REPLACE:exit_now(done.code)\n    exit_now(0)"
                                           "=>raise\n    raise SystemExit(0)"},
        ["powerboats adjudicate", "powerboats course", "vanuatu setup"]),
    "games on demand": (
        "a game's commands are imported when that game is asked for; the top-level help lists "
        "the games from their summaries (course_builder.cli.GAMES, SUMMARIES)",
        {"course_builder/cli/__init__.py": "APPEND:import course_builder.cli.powerboats\n"
                                           "import course_builder.cli.tortuga\n"
                                           "import course_builder.cli.vanuatu\n"
                                           "import course_builder.cli.web\n"},
        ["course-builder --help", "powerboats course", "vanuatu setup"]),
    "commands on demand": (
        "a Powerboats command imports only the module of its concept "
        "(course_builder.cli.powerboats.COMMAND_MODULES)",
        {"course_builder/cli/powerboats/__init__.py": "APPEND:" + "".join(
            f"import course_builder.cli.powerboats.{m}\n"
            for m in ("boards", "courses", "checks", "sheets", "rulings", "games", "study"))},
        ["powerboats adjudicate", "powerboats course"]),
    "svgwrite to draw": (
        "the modules that draw with svgwrite are imported by the commands only to draw",
        {"course_builder/cli/powerboats/boards.py":
            "TOP:from course_builder.render.powerboats.lake import board_svg\n",
         "course_builder/cli/tortuga/setup.py":
            "TOP:from course_builder.render.tortuga.sheet import setup_sheet\n"
            "from course_builder.render.tortuga.sectors import map_svg\n",
         "course_builder/cli/vanuatu/setup.py":
            "TOP:from course_builder.render.vanuatu.sheet import setup_sheet\n"},
        ["powerboats board", "tortuga setup", "vanuatu setup"]),
    "fpdf and resvg for their format": (
        "fpdf2 only for a PDF, resvg only for a PNG (course_builder.render.kit.export, .pdf)",
        {"course_builder/render/kit/pdf.py": "TOP:from fpdf import FPDF\n",
         "course_builder/render/kit/export.py":
            "TOP:from course_builder.render.kit.png import png_from_svg\n"},
        ["powerboats sheet --format svg", "tortuga setup"]),
    "shapely where shapes are merged": (
        "shapely (and numpy under it) only where island shapes or coastlines are merged "
        "(course_builder.powerboats.course.circles, course_builder.render.kit.outline)",
        {"course_builder/powerboats/course/circles.py": "TOP:import shapely\n",
         "course_builder/render/kit/outline.py": "TOP:import numpy\nimport shapely\n"},
        ["powerboats course", "powerboats adjudicate", "powerboats board --format svg"]),
    "networkx where distances are measured": (
        "networkx only where a lake's water or Tortuga's map is measured as a graph "
        "(course_builder.core.hexboard, powerboats.lake.lakegen, tortuga.sectors)",
        {"course_builder/core/hexboard.py": "TOP:import networkx\n",
         "course_builder/powerboats/lake/lakegen.py": "TOP:import networkx\n",
         "course_builder/tortuga/sectors.py": "TOP:import networkx\n"},
        ["powerboats course", "powerboats board --board random", "vanuatu setup",
         "tortuga --help"]),
    "the study for --stats and --par": (
        "sheet imports the study package (numpy, the simulations, par) only for --stats "
        "and --par (course_builder.cli.powerboats.sheets)",
        {"course_builder/cli/powerboats/sheets.py":
            "TOP:from course_builder.powerboats.study.runner import SimJob, simulate_many\n"
            "from course_builder.powerboats.study.par import par_for\n"},
        ["powerboats sheet --format svg"]),
    "matplotlib for plots": (
        "simulate imports the plots (matplotlib) only for --plot-turns and --crash-map "
        "(course_builder.cli.powerboats.study, render.powerboats.plots)",
        {"course_builder/cli/powerboats/study.py":
            "TOP:import course_builder.render.powerboats.plots\n",
         "course_builder/render/powerboats/plots.py": "TOP:import matplotlib.pyplot\n"},
        ["powerboats simulate"]),
    "the web stack to serve": (
        "serve imports uvicorn and the web application only when it runs "
        "(course_builder.cli.web)",
        {"course_builder/cli/web.py": "TOP:import uvicorn\nimport course_builder.web.app\n"},
        ["serve --help"]),
}
"""name -> (what the trick is, how a copy undoes it: file -> edit, the commands it is for).
An edit ``TOP:lines`` puts the lines after the module's ``from __future__`` import, ``APPEND:``
at its end, ``REPLACE:old=>new`` replaces text."""

EXTRA = {
    "powerboats simulate": ["powerboats", "simulate", "--race", "A", "--seed", "7", "--games",
                            "1"],
    "serve --help": ["serve", "--help"],
    "tortuga --help": ["tortuga", "--help"],
}


def undo(tree: Path, edits: dict[str, str]) -> None:
    for name, edit in edits.items():
        path = tree / name
        text = path.read_text(encoding="utf-8")
        kind, _, body = edit.partition(":")
        if kind == "TOP":
            assert FUTURE in text, name
            text = text.replace(FUTURE, FUTURE + "\n" + body, 1)
        elif kind == "APPEND":
            text += "\n" + body
        else:
            old, _, new = body.partition("=>")
            assert old in text, (name, old)
            text = text.replace(old, new, 1)
        path.write_text(text, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="Only the tricks whose name has this text.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        startup.WORK = tmp / "run"
        startup.WORK.mkdir()
        startup_instructions._inputs(tmp)
        cases = {**startup_instructions.commands(tmp), **EXTRA}
        this = startup.tree_env(ROOT, tmp / "pycache-this")
        counted: dict[str, int | None] = {}
        results = {}
        for trick, (what, edits, commands) in TRICKS.items():
            if args.only not in trick:
                continue
            tree = tmp / f"without-{len(results)}"
            shutil.copytree(ROOT / "course_builder", tree / "course_builder",
                            ignore=shutil.ignore_patterns("__pycache__"))
            shutil.copytree(ROOT / "data", tree / "data")
            undo(tree, edits)
            env = startup.tree_env(tree, tree / "pycache")
            rows = {}
            for case in commands:
                if case not in counted:
                    counted[case] = startup_instructions.instructions(cases[case], this, tmp)
                with_it = counted[case]
                without = startup_instructions.instructions(cases[case], env, tmp)
                rows[case] = {"with": with_it, "without": without,
                              "earned": (round(1 - with_it / without, 3)
                                         if with_it and without else None)}
                print(json.dumps({trick: {case: rows[case]}}), file=sys.stderr)
            shutil.rmtree(tree)
            results[trick] = {"what": what, "commands": rows,
                              "best": max((r["earned"] or 0.0) for r in rows.values())}
    print(json.dumps({
        "benchmark": "instructions each start-up trick saves, whole processes (valgrind "
                     "callgrind)",
        "python": sys.version.split()[0],
        "results": results,
    }, indent=1))


if __name__ == "__main__":
    main()
