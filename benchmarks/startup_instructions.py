"""Instructions each command's whole process executes, counted by valgrind's callgrind, as JSON.

Run: python benchmarks/startup_instructions.py [--only TEXT] [--skip TEXT] [--tree NAME=DIR ...]
[--against REV]

The commands are those of ``benchmarks/startup.py``, plus a few that read a state or a record.
Unlike a time, an instruction count hardly moves with the machine's load, so two source trees can
be compared on a busy machine, one command at a time: this checkout, every ``--tree NAME=DIR`` (a
folder holding a ``course_builder`` package and its ``data``, e.g. this checkout with one
start-up trick taken out) and ``--against REV`` (a commit's source, unpacked as startup.py
does). Each tree's ``ratio`` is its count over this checkout's.

A command runs under valgrind some fifty times slower (about ten seconds each): ``--only``
picks commands by name. Compiled modules are cached in a scratch folder, and each command is run
once without valgrind first to fill that cache (a command a tree does not have, such as a newer
spelling at an older commit, counts as null).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import startup

ROOT = startup.ROOT


def commands(tmp: Path) -> dict[str, list[str]]:
    """name -> arguments: startup.py's commands and some that read a state or a record."""
    cases = {name: argv for name, (argv, _needs) in startup.commands(tmp).items()}
    cases.update({
        "powerboats replay": ["powerboats", "replay", str(ROOT / "data/examples/game.pbr")],
        "tortuga score": ["tortuga", "score", str(tmp / "tortuga.json")],
        "vanuatu show": ["vanuatu", "show", str(tmp / "vanuatu.json")],
    })
    return cases


def instructions(argv: list[str], env: dict[str, str], tmp: Path) -> int | None:
    """The instructions the process running ``argv`` executes (callgrind's total), in an empty
    folder (see ``startup.WORK``)."""
    out = tmp / "callgrind.out"
    first = subprocess.run([sys.executable, "-c", startup.CLI, *argv], cwd=startup.WORK,
                           env=env, capture_output=True)  # fills the cache of compiled modules
    if first.returncode != 0:
        return None  # not a command of that tree (an older spelling, say)
    done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                           sys.executable, "-c", startup.CLI, *argv], cwd=startup.WORK,
                          env=env, capture_output=True, text=True, check=True)
    out.unlink(missing_ok=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"no count from callgrind for {argv}: {done.stderr[-500:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="Only the commands whose name has this text.")
    parser.add_argument("--skip", default=None, help="Leave out the commands whose name has this "
                        "text.")
    parser.add_argument("--tree", action="append", default=[], metavar="NAME=DIR",
                        help="Also count in this source tree (repeatable).")
    parser.add_argument("--against", default="none",
                        help="Also count at this commit (e.g. 611b2c5; default none).")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        startup.WORK = tmp / "run"
        startup.WORK.mkdir()
        trees = {"this": startup.tree_env(ROOT, tmp / "pycache-this")}
        for spec in args.tree:
            label, _, folder = spec.partition("=")
            trees[label] = startup.tree_env(Path(folder).resolve(), tmp / f"pycache-{label}")
        if args.against != "none":
            startup.ENV.clear()
            startup.ENV.update(os.environ)  # unpack() drops PYTHONDONTWRITEBYTECODE
            trees[args.against] = startup.unpack(args.against, tmp / "start")
        _inputs(tmp)
        cases = {k: v for k, v in commands(tmp).items()
                 if args.only in k and (args.skip is None or args.skip not in k)}
        results: dict[str, dict[str, object]] = {}
        for case, argv in cases.items():
            counts = {label: instructions(argv, env, tmp) for label, env in trees.items()}
            row: dict[str, object] = {"this": counts["this"]}
            mine = counts["this"]
            for label, count in counts.items():
                if label != "this":
                    row[label] = count
                    row[f"ratio {label}"] = (round(count / mine, 3) if count and mine else None)
            results[case] = row
            print(json.dumps({case: row}), file=sys.stderr)
    print(json.dumps({
        "benchmark": "instructions of each command's whole process (valgrind callgrind)",
        "python": sys.version.split()[0],
        "trees": {label: env.get("PYTHONPATH", str(ROOT)) for label, env in trees.items()},
        "results": results,
    }, indent=1))


def _inputs(tmp: Path) -> None:
    """The files the commands read: a board file, a course, a Tortuga and a Vanuatu state."""
    (tmp / "my.board").write_text((ROOT / "data/boards/classic.board").read_text())
    for argv in (["powerboats", "course", "--race", "B", "--seed", "7", "--format", "json",
                  "-o", str(tmp / "course.json")],
                 ["tortuga", "setup", "--players", "3", "--seed", "7", "--format", "json",
                  "-o", str(tmp / "tortuga.json")],
                 ["vanuatu", "setup", "--players", "3", "--seed", "7", "--format", "json",
                  "-o", str(tmp / "vanuatu.json")]):
        subprocess.run([sys.executable, "-c", startup.CLI, *argv], cwd=startup.WORK, check=True,
                       capture_output=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))


if __name__ == "__main__":
    main()
