"""Wall time of the whole sheet command (process start to PDF written), as JSON.

Run: python benchmarks/sheet_timing.py [--runs 7]
Variants side by side on the classic lake: one race to PDF (A4 and Letter), SVG and PNG (300 dpi,
the default, and 150 dpi), one race with Expansion 1, and a whole game with the mats, to PDF.
Target: median < 1.0 s for one race to PDF (the default). The machine's load average is recorded
with the results: on a machine shared with other work, wall times grow with it.

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    exe = shutil.which("course-builder") or sys.exit("course-builder is not installed")
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PYTHONPYCACHEPREFIX=str(Path(tmp) / "pycache"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for name, extra in VARIANTS.items():
            times = []
            for run in range(-1, args.runs):  # run -1 warms the cache of compiled modules
                out = Path(tmp) / f"sheet-{run}.{extra[-1]}"  # the format is the last option
                start = time.perf_counter()
                subprocess.run([exe, "powerboats", "sheet", "--seed", str(max(run, 0)), *extra,
                                "-o", str(out)], check=True, capture_output=True, env=env)
                if run >= 0:
                    times.append(time.perf_counter() - start)
            results[name] = {"median_seconds": round(statistics.median(times), 3),
                             "min_seconds": round(min(times), 3), "runs": args.runs}
    print(json.dumps({"benchmark": "sheet command wall time, classic lake",
                      "target": "median < 1.0 s for one race to PDF",
                      "load_average": round(os.getloadavg()[0], 2), "results": results},
                     indent=1))


if __name__ == "__main__":
    main()
