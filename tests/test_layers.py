"""The layers of the library hold: no module imports from a layer above its own, and no
import cycle, between subpackages or between modules.

Every ``import`` of ``solver/`` counts, at the top of a module or inside a function (a late
import is still a dependency), read from the source with :mod:`ast`, so nothing is imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SOLVER = Path(__file__).resolve().parent.parent / "solver"

LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"errors"}),                           # the exceptions
    frozenset({"files", "parallel"}),                # tools that know no game: files, workers
    frozenset({"types"}),                            # cards, deals, contracts, profiles, auctions
    frozenset({"rules"}),                            # legal play, scoring, matches
    frozenset({"board", "formats", "sampling"}),     # the board record and its files; dealing
    frozenset({"dd"}),                               # the double-dummy solver
    frozenset({"analysis", "advice", "auction", "database"}),  # what is built on the solver
    frozenset({"player"}),                           # the full-game player: auction and play
)
"""The layers, bottom first: a unit (a top-level module or subpackage of ``belote``) may import
from its own layer and those below. The front door ``belote`` and the old ``belote.solver``
stand above them all."""

TOP = len(LAYERS)

DEPRECATED = frozenset({"belote.solver", "belote.rules.profiles", "belote.types.board"})
"""Old paths kept for one version: each re-exports its new home, wherever that is."""

ROOT_NAMES = frozenset({"__version__"})
"""What a module may take from the front door itself: the version, written there only."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SOLVER).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["belote", *parts])


MODULES = {_module_name(path): path for path in sorted(SOLVER.rglob("*.py"))}


def _imports(name: str) -> set[str]:
    """The modules of ``belote`` that module ``name`` imports (a package's submodule when
    ``from package import submodule``); the front door only when it takes more than
    :data:`ROOT_NAMES` from it."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("belote"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("belote"):
                continue
            names = {alias.name for alias in node.names}
            submodules = {f"{target}.{n}" for n in names if f"{target}.{n}" in MODULES}
            found.update(submodules)
            if len(submodules) < len(names) and not (target == "belote" and names <= ROOT_NAMES):
                found.add(target)
    found.discard(name)
    return found


def _unit(name: str) -> str:
    """The top-level module or subpackage of ``belote`` that ``name`` belongs to."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else ""


def _layer(name: str) -> int:
    unit = _unit(name)
    if not unit or name == "belote.solver" or name.startswith("belote.solver."):
        return TOP
    return next(i for i, units in enumerate(LAYERS) if unit in units)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_every_unit_has_a_layer() -> None:
    units = {_unit(name) for name in MODULES} - {""}
    assert units == set().union(*LAYERS) | {"solver"}


def test_no_module_imports_from_a_higher_layer() -> None:
    upward = {name: sorted(t for t in _imports(name) if _layer(t) > _layer(name))
              for name in MODULES if name not in DEPRECATED}
    assert {name: targets for name, targets in upward.items() if targets} == {}


def test_the_lowest_layers_stay_low() -> None:
    """The claims of the layering, named: ``types`` imports no rule, ``parallel`` no solver."""
    for name in MODULES:
        if name in DEPRECATED:
            continue
        units = {_unit(t) for t in _imports(name)}
        if _unit(name) == "types":
            assert units <= {"types", "errors"}, name
        if _unit(name) == "parallel":
            assert units <= {"parallel", "errors"}, name


def test_no_import_cycle_between_subpackages() -> None:
    graph: dict[str, set[str]] = {}
    for name in MODULES:
        if name in DEPRECATED or not _unit(name) or _unit(name) == "solver":
            continue
        graph.setdefault(_unit(name), set()).update(
            _unit(t) for t in _imports(name) if _unit(t) not in ("", _unit(name)))
    assert _cycles(graph) == []


def test_no_import_cycle_between_modules() -> None:
    graph = {name: _imports(name) for name in MODULES if name not in DEPRECATED}
    assert _cycles(graph) == []


@pytest.mark.parametrize("graph, cycles", [
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
    ({"a": {"b"}, "b": set()}, []),
])
def test_the_cycle_finder_finds_cycles(graph: dict[str, set[str]], cycles: list[list[str]]
                                       ) -> None:
    assert _cycles(graph) == cycles


def test_an_upward_import_is_seen(tmp_path: Path) -> None:
    """The reader of imports sees a late, relative import of a higher layer."""
    name = "belote.types.deal"
    assert "belote.rules.play" not in _imports(name)
    source = MODULES[name].read_text(encoding="utf-8")
    MODULES[name] = tmp_path / "deal.py"
    try:
        (tmp_path / "deal.py").write_text(source + "\n\ndef f():\n    from ..rules import play\n",
                                          encoding="utf-8")
        assert "belote.rules.play" in _imports(name)
        assert _layer("belote.rules.play") > _layer(name)
    finally:
        MODULES[name] = SOLVER / "types" / "deal.py"
