"""Running the command line as a user does (a subprocess) on damaged input files.

Used by ``tests/<game>/test_cli_fuzz.py``. The program runs with ``PYTHONPATH`` set to this
checkout, so the tests work from a fresh clone as well as from an installed copy. Every input is
drawn from a ``random.Random`` seeded per case, so a failing case repeats exactly.
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PROGRAM = "from course_builder.cli import script; script()"

JSON_CHARS = b'{}[]":,0123456789.-+eEaftnruxlsNI \n\t\\'
ODD_VALUES: list[Any] = [None, True, False, 0, -1, 1.5, 2**63, 10**200, float("nan"),
                         float("inf"), "", "x" * 300, "hub", "A1", "red", "\u00e9\n", [], {},
                         [1, 2], {"a": 1}, [[[[[[[[1]]]]]]]]]


def run_cli(args: list[str], cwd: Path, stdin: bytes | None = None
            ) -> subprocess.CompletedProcess[bytes]:
    """``course-builder ARGS`` in a fresh interpreter, this checkout first on the path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    return subprocess.run([sys.executable, "-c", PROGRAM, *args], input=stdin or b"",
                          capture_output=True, cwd=cwd, env=env, timeout=60, check=False)


def random_bytes(rng: random.Random) -> bytes:
    """Raw bytes: anything at all, sometimes starting like JSON or with a byte-order mark."""
    data = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 300)))
    start = rng.choice([b"", b"{", b"[", b"\xef\xbb\xbf", b'{"format": '])
    return start + data


def mutate_text(rng: random.Random, text: str) -> bytes:
    """A valid file with a few bytes replaced, inserted or deleted (mostly JSON's own
    characters, now and then any byte)."""
    data = bytearray(text.encode("utf-8"))
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(max(len(data), 1))
        byte = rng.randrange(256) if rng.random() < 0.1 else rng.choice(JSON_CHARS)
        op = rng.choice(["replace", "insert", "delete"])
        if op == "replace" and data:
            data[i] = byte
        elif op == "insert":
            data.insert(i, byte)
        elif data:
            del data[i]
    return bytes(data)


def mutate_json(rng: random.Random, data: Any) -> bytes:
    """Valid JSON with one or two values replaced by odd ones, a key dropped or added, or an
    entry repeated. Each change walks down from the top, choosing among the children evenly, so
    a big section (a map) does not take every change."""
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 2)):
        _mutate_one(rng, data)
    return json.dumps(data).encode("utf-8")  # NaN and Infinity as Python writes them


def _mutate_one(rng: random.Random, node: Any) -> None:
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return
        key = rng.choice(keys)
        child = node[key]
        if isinstance(child, dict | list) and child and rng.random() < 0.6:
            node = child
            continue
        action = rng.random()
        if action < 0.1 and isinstance(node, dict):
            del node[key]
        elif action < 0.2 and isinstance(node, dict):
            node["unknown_" + str(rng.randrange(9))] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif action < 0.3 and isinstance(node, list):
            node.append(copy.deepcopy(child))  # a repeated entry
        elif action < 0.45 and isinstance(child, int) and not isinstance(child, bool):
            node[key] = child + rng.choice([-1, 1, 7, -100, 10**6])  # a near miss
        else:
            node[key] = copy.deepcopy(rng.choice(ODD_VALUES))
        return


def assert_handled(result: subprocess.CompletedProcess[bytes], what: str) -> None:
    """No internal error and no traceback; a refusal is exit 1 with at most one ``Error:``
    line, the last one on stderr."""
    out = result.stdout.decode("utf-8", "replace")
    err = result.stderr.decode("utf-8", "replace")
    context = f"{what}\nexit {result.returncode}\nstdout: {out[-800:]}\nstderr: {err[-800:]}"
    assert result.returncode != 3, context
    assert "Traceback" not in out + err, context
    assert result.returncode in (0, 1), context
    errors = [line for line in err.splitlines() if line.startswith("Error:")]
    assert len(errors) <= 1, context
    if errors:
        assert result.returncode == 1 and err.splitlines()[-1] == errors[0], context
