"""The house stays in order: dependencies point inward, no cycles, no long functions.

core <- games (powerboats, vanuatu, tortuga; never each other) <- render <- cli/web; inside
Powerboats: lake <- course <- play <- game/study. Checked on the source text (imports at any
depth, including those inside functions), so a sideways arrow cannot hide.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[1] / "course_builder"
GAMES = ("powerboats", "vanuatu", "tortuga")

# a module may import from the layers listed for its own layer (and from itself)
LAYERS = {
    "core": {"core"},
    "powerboats.lake": {"core", "powerboats.lake"},
    "powerboats.course": {"core", "powerboats.lake", "powerboats.course"},
    "powerboats.play": {"core", "powerboats.lake", "powerboats.course", "powerboats.play"},
    "powerboats.game": {"core", "powerboats.lake", "powerboats.course", "powerboats.play",
                        "powerboats.game"},
    "powerboats.study": {"core", "powerboats.lake", "powerboats.course", "powerboats.play",
                         "powerboats.game", "powerboats.study"},
    "powerboats": {"core", "powerboats"},
    "vanuatu": {"core", "vanuatu"},
    "tortuga": {"core", "tortuga"},
    "render": {"core", "render", *GAMES},
    "cli": {"core", "render", "cli", "web", *GAMES},
    "web": {"core", "render", "web", *GAMES},
}

LONG_FUNCTION = 80
"""Lines a function may take, docstring included."""

HOT_LOOPS = {"course_builder.powerboats.course.layers.forward"}
"""Documented hot loops that are allowed to be longer (their docstrings say why)."""


def modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def imports(name: str, path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return {i for i in found if i.startswith("course_builder.")}


def layer(module: str) -> str | None:
    rest = module.removeprefix("course_builder.")
    for candidate in sorted(LAYERS, key=len, reverse=True):
        if rest == candidate or rest.startswith(candidate + "."):
            return candidate
    return None


MODULES = modules()
GRAPH = nx.DiGraph()
for _name, _path in MODULES.items():
    GRAPH.add_node(_name)
    for _target in imports(_name, _path):
        if _target in MODULES and _target != _name:
            GRAPH.add_edge(_name, _target)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_point_inward(name: str) -> None:
    own = layer(name)
    if own is None:
        return  # the package root and __main__
    allowed = LAYERS[own]
    wrong = sorted(t for t in GRAPH.successors(name)
                   if (tl := layer(t)) is not None
                   and not any(tl == a or tl.startswith(a + ".") for a in allowed))
    assert not wrong, f"{name} ({own}) imports from outer or sideways layers: {wrong}"


def test_no_import_cycles() -> None:
    # a package's __init__ re-exporting its modules is not a cycle of concepts
    modules_only = GRAPH.subgraph(n for n in GRAPH if MODULES[n].name != "__init__.py")
    cycles = list(nx.simple_cycles(modules_only))
    assert not cycles, f"import cycles: {cycles[:5]}"


def _functions() -> list[tuple[str, int]]:
    out = []
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                out.append((f"{name}.{node.name}", node.end_lineno - node.lineno + 1))
    return out


def test_no_long_functions() -> None:
    long = sorted((n, size) for n, size in _functions()
                  if size > LONG_FUNCTION and not any(n.endswith(h.rpartition(".")[2])
                                                      and n.startswith(h.rpartition(".")[0])
                                                      for h in HOT_LOOPS))
    assert not long, f"functions over {LONG_FUNCTION} lines: {long}"


LONG_MODULE = 600
"""Lines a module may take: one job each (issue "One dialect for three games")."""


def test_no_long_modules() -> None:
    long = sorted((name, size) for name, path in MODULES.items()
                  if (size := len(path.read_text(encoding="utf-8").splitlines())) > LONG_MODULE)
    assert not long, f"modules over {LONG_MODULE} lines: {long}"


LATE_IMPORTS = {
    "networkx", "shapely", "numpy", "matplotlib", "dask", "fpdf", "uvicorn", "socket",
    "course_builder.web.app",
    "course_builder.render.powerboats.lake", "course_builder.render.powerboats.plots",
    "course_builder.render.tortuga.sheet", "course_builder.render.tortuga.sectors",
    "course_builder.render.vanuatu.sheet", "course_builder.render.kit.png",
    "course_builder.powerboats.study",
}
"""What a function may import itself, rather than its module at the top: the heavy libraries
and the modules that bring them, each a start-up trick that earns its measured share of some
command (docs/architecture.md, "Start-up budget"; ``python benchmarks/tricks.py``)."""

LATE_IMPORTS_UNREVIEWED = ("course_builder.cli.powerboats.study", "course_builder.powerboats.study")
"""Modules whose imports inside functions are not reviewed yet (the study commands and
package, which import their parts as each command needs them)."""


def _late_imports(path: Path) -> list[tuple[int, str]]:
    found = []

    def walk(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if inside and isinstance(child, ast.Import):
                found.extend((child.lineno, a.name) for a in child.names)
            elif inside and isinstance(child, ast.ImportFrom):
                found.append((child.lineno, child.module or ""))
            walk(child, inside or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef))

    walk(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def test_functions_import_only_what_a_kept_start_up_trick_names() -> None:
    wrong = [f"{name}:{line}: {target}" for name, path in sorted(MODULES.items())
             if not name.startswith(LATE_IMPORTS_UNREVIEWED)
             for line, target in _late_imports(path)
             if not any(target == allowed or target.startswith(allowed + ".")
                        for allowed in LATE_IMPORTS)]
    assert not wrong, f"imports inside functions that no kept trick names: {wrong}"


HOMES = {
    "sheet export (PDF and PNG pages)": (r"(?<!def )\b(pdf_pages|png_from_svg)\(",
                                         {"course_builder.render.kit.export"}),
    "files written whole or not at all": (r"(?<!def )\b(write_atomic|write_all)\(",
                                          {"course_builder.core.output", "course_builder.cli.files",
                                           "course_builder.cli.statefiles"}),
    "a game's seeded start and the table's dice": (r"Random\(\s*f\"powerboats-(game|table):",
                                                  {"course_builder.powerboats.game.seeding"}),
    "rule references and ruling options": (r"^class (RuleRef|RulingOption)\b",
                                           {"course_builder.core.rulebook"}),
    "the click options of the rulings": (r"(?<!def )\bruling_options\(",
                                         {"course_builder.cli.powerboats.inputs",
                                          "course_builder.cli.vanuatu",
                                          "course_builder.cli.tortuga.referee"}),
}
"""Each shared mechanism (docs/architecture.md, "One home for each mechanism"): what using it
looks like in the source, and the only modules that do it (definitions aside). JSON is checked
by tests/test_jsonread.py, value types by tests/test_values.py, state files by
tests/test_statefiles.py."""


@pytest.mark.parametrize("mechanism", sorted(HOMES))
def test_each_shared_mechanism_has_one_home(mechanism: str) -> None:
    pattern, homes = HOMES[mechanism]
    found = re.compile(pattern, re.MULTILINE)
    users = {name for name, path in MODULES.items()
             if found.search(path.read_text(encoding="utf-8"))}
    assert users <= homes, f"{mechanism} outside its home: {sorted(users - homes)}"
