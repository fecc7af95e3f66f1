"""Wall time of the whole sheet command (process start to PDF written), as JSON.

Run: python benchmarks/sheet_timing.py [--runs 7] > benchmarks/sheet-timing-result.json
Variants side by side on the classic lake, round after round so that load hits them alike: one
race to PDF (A4 and Letter), SVG and PNG (300 dpi, the default, and 150 dpi), one race with
Expansion 1, and a whole game with the mats, to PDF.
Target: median < 1.0 s for one race to PDF (the default). The machine's load average is recorded
with the results: on a machine shared with other work, wall times grow with it.

Beside them, the floor no change to course_builder can go below: a process that only imports
what the sheet needs (click, svgwrite, shapely and fpdf2 or resvg) and converts one page already
drawn (race A, seed 0) with the kit's own ``pdf_pages`` or ``png_from_svg``: no lake, no course,
no drawing. What a variant takes beyond its floor is the program's own share.

Compiled modules are cached as an installed program's are (in a scratch folder, even where
PYTHONDONTWRITEBYTECODE is set, as benchmarks/startup.py does), and each variant's first run,
which fills that cache, is not counted: otherwise every run would compile the program's own
modules from source, about 0.1 s that no installed copy spends.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

VARIANTS = {
    "one race, pdf": ["--race", "A", "--format", "pdf"],
    "one race, letter, pdf": ["--race", "A", "--paper", "letter", "--format", "pdf"],
    "one race, svg": ["--race", "A", "--format", "svg"],
    "one race, png 300 dpi": ["--race", "A", "--format", "png"],
    "one race, png 150 dpi": ["--race", "A", "--dpi", "150", "--format", "png"],
    "one race with expansion, pdf": ["--race", "A", "--expansion", "--format", "pdf"],
    "whole game with mats, pdf": ["--race", "game", "--mats", "--format", "pdf"],
}


FLOOR = """import sys
import click, shapely, svgwrite  # imported by the sheet command before it converts a page
fmt, page, dpi, out = sys.argv[1:]
svg = open(page, encoding="utf-8").read()
if fmt == "pdf":
    from course_builder.render.kit.pdf import pdf_pages
    data = pdf_pages([svg], "a4", title="Powerboats races A")
else:
    from course_builder.render.kit.png import png_from_svg
    data = png_from_svg(svg, int(dpi))
open(out, "wb").write(data)
"""
"""The floor: the libraries the sheet needs, converting a page already drawn."""

FLOORS = {"floor: libraries alone, pdf": ("pdf", 0), "floor: libraries alone, png 300 dpi":
          ("png", 300), "floor: libraries alone, png 150 dpi": ("png", 150)}


def timed(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    exe = shutil.which("course-builder") or sys.exit("course-builder is not installed")
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        env = dict(os.environ, PYTHONPYCACHEPREFIX=str(tmp / "pycache"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        page = tmp / "page.svg"
        subprocess.run([exe, "powerboats", "sheet", "--seed", "0", "--format", "svg", "-o",
                        str(page)], check=True, capture_output=True, env=env)
        commands = {case: lambda run, extra=extra: [
            exe, "powerboats", "sheet", "--seed", str(max(run, 0)), *extra, "-o",
            str(tmp / f"sheet-{run}.{extra[-1]}")]  # the format is the last option
            for case, extra in VARIANTS.items()}
        commands.update({case: lambda run, fmt=fmt, dpi=dpi: [
            sys.executable, "-c", FLOOR, fmt, str(page), str(dpi), str(tmp / f"floor.{fmt}")]
            for case, (fmt, dpi) in FLOORS.items()})
        times: dict[str, list[float]] = {case: [] for case in commands}
        for run in range(-1, args.runs):  # round after round, so load hits every case alike
            for case, argv in commands.items():
                took = timed(argv(run), env)
                if run >= 0:  # run -1 warms the cache of compiled modules
                    times[case].append(took)
        results = {case: {"median_seconds": round(statistics.median(t), 3),
                          "min_seconds": round(min(t), 3), "runs": args.runs}
                   for case, t in times.items()}
    pdf = results["one race, pdf"]["median_seconds"]
    print(json.dumps({"benchmark": "sheet command wall time, classic lake",
                      "target": "median < 1.0 s for one race to PDF",
                      "meets_target": pdf < 1.0,
                      "load_average": round(os.getloadavg()[0], 2), "results": results},
                     indent=1))


if __name__ == "__main__":
    main()
