"""The front door and the addresses: ``import belote`` gives the user's nouns and verbs,
cheaply; every other public name has one address, its subpackage (or ``belote.errors``,
``belote.files``, ``belote.board``); the command line and the benchmarks use those addresses
only."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

import belote

ROOT = Path(__file__).resolve().parent.parent

MAX_ROOT_NAMES = 45
"""How many names ``belote`` exports at most: the user's nouns and verbs, not the machinery."""

TOP_MODULES = ("errors", "files", "board")
"""The modules right below ``belote`` that are addresses themselves, as its subpackages are."""

SIMPLE = (int, float, str, bool, tuple, frozenset, type(None))


def _addresses() -> list[types.ModuleType]:
    """The root, its subpackages and top modules, and the namespace modules they export as
    modules (``belote.pbn``, ``belote.formats.game_json``): every place a public name lives."""
    found = [belote]
    for info in pkgutil.iter_modules(belote.__path__):
        if info.name != "cli" and (info.ispkg or info.name in TOP_MODULES):
            found.append(importlib.import_module(f"belote.{info.name}"))
    for module in list(found):
        found += [value for name in module.__all__
                  if isinstance(value := getattr(module, name), types.ModuleType)]
    return found


def _packages() -> list[types.ModuleType]:
    """``belote`` and its subpackages (each a table, see :mod:`belote._lazy`)."""
    return [belote, *(importlib.import_module(f"belote.{info.name}")
                      for info in pkgutil.iter_modules(belote.__path__)
                      if info.ispkg and info.name != "cli")]


def _deep_modules() -> list[types.ModuleType]:
    """The modules below the addresses: where the names are written, not where they live."""
    addresses = {module.__name__ for module in _addresses()}
    names = [info.name for info in pkgutil.walk_packages(belote.__path__, "belote.")
             if not info.ispkg and not info.name.startswith("belote.cli")
             and info.name not in addresses
             and not any(part.startswith("_") for part in info.name.split("."))]
    return [importlib.import_module(name) for name in names]


def _key(name: str, value: object) -> object:
    """What makes a public object one object: itself, or for a plain value (an int, a string,
    ``int`` as the ``Seat`` alias) its name."""
    if type(value) in SIMPLE or (isinstance(value, type) and value.__module__ == "builtins"):
        return ("value", name, repr(value))
    return id(value)


def test_the_root_is_the_users_nouns_and_verbs() -> None:
    assert len(belote.__all__) <= MAX_ROOT_NAMES
    assert len(set(belote.__all__)) == len(belote.__all__)
    for name in ("Deal", "Board", "Contract", "Position", "pbn", "cfn", "dd_table",
                 "judge_contract", "advise_bid", "playout", "run_batch", "Run", "BeloteError"):
        assert name in belote.__all__
    for name in ("SearchContext", "hands_array", "reaches_deals", "equivalence_classes",
                 "warm_up", "parallel_map", "TableRequest", "BoardJob"):
        assert name not in belote.__all__  # machinery: public below, at its subpackage


def test_every_exported_name_resolves() -> None:
    for module in _addresses():
        assert [name for name in module.__all__ if not hasattr(module, name)] == [], module
    assert set(belote.__all__) <= set(dir(belote))


def test_no_object_is_public_at_two_addresses() -> None:
    """Each public object is in the ``__all__`` of one address only (a root name is not listed
    again below it)."""
    seen: dict[object, list[str]] = {}
    for module in _addresses():
        for name in module.__all__:
            value = getattr(module, name)
            if isinstance(value, types.ModuleType):
                continue
            seen.setdefault(_key(name, value), []).append(f"{module.__name__}.{name}")
    assert {k: v for k, v in seen.items() if len(v) > 1} == {}


def test_a_deep_modules_all_is_what_an_address_publishes_from_it() -> None:
    """A module below the addresses lists in ``__all__`` exactly the names it defines that are
    public (at the root or at its package), so a name it calls public has an address, and an
    address publishes nothing a module keeps for itself."""
    public: dict[object, tuple[str, object]] = {}
    for module in _addresses():
        for name in module.__all__:
            value = getattr(module, name)
            if not isinstance(value, types.ModuleType):
                public.setdefault(_key(name, value), (f"{module.__name__}.{name}", value))
    deep = {module.__name__: module for module in _deep_modules()}
    homeless = [f"{module.__name__}.{name}" for module in deep.values()
                for name in getattr(module, "__all__", ())
                if _key(name, getattr(module, name)) not in public]
    assert homeless == []
    unlisted = [where for where, value in public.values()
                if getattr(value, "__module__", None) in deep
                and where.rpartition(".")[2] not in deep[value.__module__].__all__]
    assert unlisted == []


def test_each_table_is_its_type_checking_imports() -> None:
    """Each package's one table gives its ``__all__`` and its lazy map; the ``TYPE_CHECKING``
    block, which type checkers and the docs read, says the same."""
    for package in _packages():
        tree = ast.parse(Path(package.__file__ or "").read_text(encoding="utf-8"))
        block = next(node for node in tree.body if isinstance(node, ast.If)
                     and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
        imported = set()
        for node in block.body:
            assert isinstance(node, ast.ImportFrom)
            assert all(alias.asname == alias.name for alias in node.names)  # re-exported
            imported |= {(f"{'.' * node.level}{node.module or ''}", a.name) for a in node.names}
        table = {(home, name) for home, names in package._TABLE.items() for name in names}
        modules = {(home, name) for home, name in table
                   if isinstance(getattr(package, name), types.ModuleType)}
        assert imported == (table - modules) | {(home[:-len(name) - 1] or ".", name)
                                                for home, name in modules}, package.__name__
        assert package.__all__ == [name for names in package._TABLE.values() for name in names]


def test_no_public_name_is_a_submodules_name() -> None:
    """Importing ``belote.analysis.play_totals`` would set that attribute of the package to the
    module: so a package publishes no name a submodule of it has, but that module itself."""
    clashes = []
    for package in _packages():
        submodules = {info.name for info in pkgutil.iter_modules(package.__path__)}
        clashes += [f"{package.__name__}.{name}" for name in package.__all__
                    if name in submodules
                    and not isinstance(getattr(package, name), types.ModuleType)]
    assert clashes == []


def test_the_version_is_the_installed_metadata() -> None:
    from importlib.metadata import version

    assert belote.__version__ == version("belote")


def test_import_is_cheap() -> None:
    """``import belote`` and the CLI's group load no numpy, numba or polars."""
    code = ("import sys, belote, belote.cli.main; "
            "print(sorted(m for m in ('numpy', 'numba', 'polars', 'tqdm') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_old_paths_are_gone() -> None:
    """No alias of the never released 0.1.0 is kept: ``belote.solver``, the moved modules."""
    for old in ("belote.solver", "belote.rules.profiles", "belote.types.board"):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(old)


# --- the command line and the benchmarks use the addresses --------------------------------

def _library_imports(path: Path) -> list[tuple[int, str, str]]:
    """``(line, module, name)`` of each import of the library in a file (``belote.cli``, the
    command line's own modules, apart)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, "") for alias in node.names
                      if alias.name.split(".")[0] == "belote"
                      and not alias.name.startswith("belote.cli")]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                and node.module.split(".")[0] == "belote" \
                and not node.module.startswith("belote.cli"):
            found += [(node.lineno, node.module, alias.name) for alias in node.names]
    return found


def _outside_the_addresses(path: Path, root: Path = ROOT) -> list[str]:
    addresses = {module.__name__: set(module.__all__) for module in _addresses()}
    bad = []
    for line, module, name in _library_imports(path):
        where = f"{path.relative_to(root)}:{line}"
        if module.count(".") > 1 or module not in addresses:
            bad.append(f"{where}: from {module} (deeper than belote or one level below)")
        elif name and name not in addresses[module] and name != "__version__":
            bad.append(f"{where}: {module}.{name} is not public there")
    return bad


@pytest.mark.parametrize("folder", ["cli", "bench"])
def test_cli_and_bench_import_public_names_at_their_address(folder: str) -> None:
    """``from belote import ...`` or ``from belote.dd import ...``: never deeper, never a name
    the address does not publish (a private one included)."""
    bad = [line for path in sorted((ROOT / folder).rglob("*.py"))
           for line in _outside_the_addresses(path)]
    assert bad == []


def test_the_address_check_sees_a_deep_import(tmp_path: Path) -> None:
    (tmp_path / "x.py").write_text("from belote.dd.solve import _Search\nfrom belote.dd import "
                                   "dd_table\nfrom belote import Deal\n", encoding="utf-8")
    bad = [b.split(": ", 1)[1] for b in _outside_the_addresses(tmp_path / "x.py", tmp_path)]
    assert bad == ["from belote.dd.solve (deeper than belote or one level below)",
                   "belote.dd.dd_table is not public there"]

