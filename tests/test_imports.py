"""How the library, the CLI and bench import: no private name crosses a module, and a function
imports only what would make ``import belote`` (or ``belote --help``) slow.

Read from the source with :mod:`ast` (nothing is imported). Tests are free to reach private
names (a naive reference beside the fast code, a kernel's counters).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PACKAGES = {"solver": "belote", "cli": "belote.cli", "bench": "bench"}
"""Source directory -> the package it is installed as."""

HEAVY = {
    "numpy": "about 0.1 s; `import belote` and `belote --help` load none of it",
    "numba": "0.3-0.5 s and the compiled kernels: loaded when something is first solved",
    "polars": "about 0.3 s: the Parquet database and its reports only",
    "matplotlib": "about 0.5 s: the report's charts only",
    "dask": "a cluster scheduler: `--scheduler` only",
    "distributed": "a cluster scheduler: `--scheduler` only",
    "tqdm": "progress bars: loaded with the work they follow, not for `--help`",
    "colver": "the peer engine: bench's comparisons only",
    "multiprocessing": "process pools: `--jobs` and the pool's workers only",
    "concurrent": "thread and process pools: `--jobs` only",
    "webbrowser": "opening a page: `--open` only",
    "ctypes": "the Linux parent-death signal of a worker process only",
    "xxhash": "a fast hash of the database's rows: batch runs only",
}
"""What any function may import (itself, or one of our modules that loads it at its top), and
why importing it at the top of a module would be a cost: `import belote` imports the front
door only, and `belote --help` imports every command's module."""

LIGHT_ROOTS = {
    "belote": "`import belote`: the front door loads its cards, deals, rules and profiles, and "
              "everything else on first use",
    "belote.cli.main": "`belote --help`: the command group and every command's module, which "
                       "import the library late so that the help loads only what it shows",
}
"""The light paths: a module they load (at the top of each module, from these roots) may also
import, inside a function, any of our modules they do not load. Elsewhere a function imports
only what :data:`HEAVY` allows."""

CYCLES = {
    ("belote.cli.engine", "belote.cli.main"):
        "the engine runs commands of the group, and the group registers the engine",
}
"""Late imports that break an import cycle (importer, imported), with the reason."""

def _module_name(path: Path) -> str:
    relative = path.relative_to(ROOT)
    parts = list(relative.with_suffix("").parts)
    parts[0] = PACKAGES[parts[0]]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _path(module: str) -> str:
    """The file of ``module``, from the repository's root."""
    path = FILES[module]
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


FILES = {_module_name(path): path for directory in PACKAGES
         for path in sorted((ROOT / directory).rglob("*.py"))}


def _tables() -> dict[str, dict[str, str]]:
    """Each package's public names and their home modules, from its ``_TABLE`` (the package
    imports a name's home when the name is first used: :mod:`belote._lazy`)."""
    tables: dict[str, dict[str, str]] = {}
    for package, path in FILES.items():
        if path.name != "__init__.py":
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
                    and node.target.id == "_TABLE" and node.value is not None:
                table = ast.literal_eval(node.value)
                tables[package] = {name: package + home for home, names in table.items()
                                   for name in names}
    return tables


TABLES = _tables()


@dataclass(frozen=True)
class Import:
    """One import statement: where it is, whether inside a function, what it binds."""

    module: str
    line: int
    late: bool
    typing_only: bool
    node: ast.Import | ast.ImportFrom

    @property
    def where(self) -> str:
        return f"{_path(self.module)}:{self.line}"

    def targets(self) -> list[tuple[str, str | None]]:
        """(module, name taken from it or ``None``) for each name the statement imports; a
        submodule taken by ``from package import submodule`` is the module itself."""
        node = self.node
        if isinstance(node, ast.Import):
            return [(alias.name, None) for alias in node.names]
        base = _resolve(self.module, node)
        out: list[tuple[str, str | None]] = []
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            home = TABLES.get(base, {}).get(alias.name, base)  # a package imports it on use
            out.append((sub, None) if sub in FILES else (home, alias.name))
        return out


def _resolve(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module if FILES[module].name == "__init__.py" else module.rpartition(".")[0]
    parts = package.split(".")
    base = parts[:len(parts) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(module: str) -> Iterator[Import]:
    tree = ast.parse(FILES[module].read_text(encoding="utf-8"))

    def walk(node: ast.AST, late: bool, typing_only: bool) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                yield Import(module, child.lineno, late, typing_only, child)
            yield from walk(child, late or isinstance(child, ast.FunctionDef
                                                      | ast.AsyncFunctionDef | ast.Lambda),
                            typing_only or _is_type_checking(child))

    yield from walk(tree, False, False)


IMPORTS = {module: list(_imports(module)) for module in FILES}


def _loaded_by(module: str) -> set[str]:
    """What importing ``module`` runs at once: its packages and their top-level imports."""
    parts = module.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def _heavy_roots() -> dict[str, str]:
    """Each of our modules that loads a :data:`HEAVY` package at import, with that package."""
    graph: dict[str, set[str]] = {}
    for module, imports in IMPORTS.items():
        found = _loaded_by(module)
        for imp in imports:
            if not imp.late and not imp.typing_only:
                for target, _ in imp.targets():
                    found.add(target)
                    found.update(_loaded_by(target))
        graph[module] = found
    heavy: dict[str, str] = {}
    changed = True
    while changed:
        changed = False
        for module, targets in graph.items():
            if module in heavy:
                continue
            for target in sorted(targets):
                why = (target.split(".")[0] if target.split(".")[0] in HEAVY
                       else heavy.get(target))
                if why:
                    heavy[module] = why
                    changed = True
                    break
    return heavy


HEAVY_MODULES = _heavy_roots()


def _light_path() -> set[str]:
    """The modules :data:`LIGHT_ROOTS` load, and theirs, at the top of each module."""
    seen: set[str] = set()
    todo = list(LIGHT_ROOTS)
    while todo:
        module = todo.pop()
        if module in seen or module not in FILES:
            continue
        seen.add(module)
        todo.extend(_loaded_by(module))
        for imp in IMPORTS[module]:
            if not imp.late and not imp.typing_only:
                for target, _ in imp.targets():
                    todo.append(target)
                    todo.extend(_loaded_by(target))
    return seen


LIGHT_PATH = _light_path()


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _ours(target: str) -> bool:
    return target.split(".")[0] in ("belote", "bench")


def _private_crossings(module: str) -> list[str]:
    """Private names ``module`` takes from another of our modules: ``from m import _x``,
    ``import m._private`` outside ``m``, and ``alias._x`` of an imported module."""
    found = []
    module_aliases = set()
    for imp in IMPORTS[module]:
        for (target, name), alias in zip(imp.targets(), imp.node.names):
            if not _ours(target):
                continue
            if name is not None and _is_private(name):
                found.append(f"{imp.where}: {name} from {target}")
            parts = target.split(".")
            for i, part in enumerate(parts):
                owner = ".".join(parts[:i])
                if _is_private(part) and not (module + ".").startswith(owner + "."):
                    found.append(f"{imp.where}: private module {target}")
            if name is None:
                module_aliases.add(alias.asname or alias.name.split(".")[0])
    tree = ast.parse(FILES[module].read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and _is_private(node.attr)
                and isinstance(node.value, ast.Name) and node.value.id in module_aliases):
            found.append(f"{_path(module)}:{node.lineno}: "
                         f"{node.value.id}.{node.attr}")
    return found


def _late_offences(module: str) -> list[str]:
    """The function-level imports of ``module`` that neither load something heavy nor keep a
    light path light (:data:`LIGHT_ROOTS`: a module of ours the path does not load)."""
    found = []
    for imp in IMPORTS[module]:
        if not imp.late:
            continue
        for target, _ in imp.targets():
            if target.split(".")[0] in HEAVY or target in HEAVY_MODULES:
                continue
            if module in LIGHT_PATH and _ours(target) and target not in LIGHT_PATH:
                continue
            if (module, target) in CYCLES:
                continue
            found.append(f"{imp.where}: {ast.unparse(imp.node)}")
            break
    return found


def test_no_private_name_crosses_a_module() -> None:
    found = [line for module in FILES
             for line in _private_crossings(module)]
    assert found == []


def test_functions_import_only_what_keeps_import_belote_light() -> None:
    found = [line for module in FILES
             for line in _late_offences(module)]
    assert found == []


def test_the_light_paths_load_nothing_heavy() -> None:
    """What the lists protect: neither ``belote`` nor the command group loads a heavy package."""
    assert LIGHT_PATH & set(HEAVY_MODULES) == set()
    assert {"belote", "belote.cli.main", "belote.cli.solve"} <= LIGHT_PATH


@pytest.mark.parametrize("source, offences", [
    ("def f():\n    from belote.errors import DealError\n", 1),
    ("def f():\n    import polars\n", 0),
    ("def f():\n    from belote.dd import reaches\n", 0),
    ("def f():\n    from belote.types.cards import SUITS\n", 1),
    ("from belote.dd.solve import _x\n", 1),
    ("from belote.dd import solve\nsolve._x\n", 1),
    ("import belote.dd._kernels\n", 1),
])
def test_the_readers_see_offences(source: str, offences: int, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A light late import, a private name, a private module, a private attribute are seen;
    a heavy late import is not an offence."""
    module = "belote.rules.scratch"
    (tmp_path / "scratch.py").write_text(source, encoding="utf-8")
    monkeypatch.setitem(FILES, module, tmp_path / "scratch.py")
    monkeypatch.setitem(IMPORTS, module, list(_imports(module)))
    assert len(_private_crossings(module)) + len(_late_offences(module)) == offences
