"""The front door: ``import belote`` gives every public name, cheaply, each as one object."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import subprocess
import sys
import types
import warnings
from pathlib import Path

import pytest

import belote

SIMPLE = (int, float, str, bool, tuple, frozenset, type(None))

DEPRECATED = {"belote.solver", "belote.rules.profiles", "belote.types.board"}
"""The old paths kept for one version, each giving the objects of its new home."""

PER_FORMAT = {"FORMAT", "dump", "dumps", "iter_load", "load", "loads"}
"""Names each format module defines for itself and callers qualify (``pbn.load``, ``cfn.load``),
as ``json.load`` and ``pickle.load`` do: never exported bare."""


def _modules() -> list[types.ModuleType]:
    """Every module of the library but the deprecated aliases (the command line's own constants
    are not the library's names; an installed wheel holds ``belote.cli`` inside ``belote/``)."""
    names = [info.name for info in pkgutil.walk_packages(belote.__path__, "belote.")
             if info.name not in DEPRECATED and not info.name.startswith("belote.cli")]
    return [belote, *(importlib.import_module(name) for name in names)]


def test_every_exported_name_resolves() -> None:
    missing = [name for name in belote.__all__ if not hasattr(belote, name)]
    assert missing == []
    assert set(belote.__all__) <= set(dir(belote))


def test_the_version_is_the_installed_metadata() -> None:
    from importlib.metadata import version

    assert belote.__version__ == version("belote")


def test_no_public_name_is_two_objects() -> None:
    """A name public in two modules (in ``__all__``, or not private where there is none) is the
    same object in both: one home, re-exported, never a second definition under the same name."""
    homes: dict[str, list[tuple[str, object]]] = {}
    for module in _modules():
        names = getattr(module, "__all__", None)
        if names is None:
            names = [n for n in vars(module) if not n.startswith("_")]
        for name in names:
            if name in PER_FORMAT and module is not belote:
                continue
            value = getattr(module, name)
            if isinstance(value, types.ModuleType):
                continue
            kept = homes.setdefault(name, [])
            if not any(value is other or (type(value) in SIMPLE and type(other) is type(value)
                                          and value == other) for _, other in kept):
                kept.append((module.__name__, value))
    assert {name: [m for m, _ in kept] for name, kept in homes.items() if len(kept) > 1} == {}
    assert not PER_FORMAT & set(belote.__all__)


def test_lazy_names_are_the_type_checking_imports() -> None:
    """The names imported on first use are exactly those the ``TYPE_CHECKING`` block names."""
    tree = ast.parse(Path(belote.__file__).read_text(encoding="utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If)
                 and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
    imported: dict[str, tuple[str, ...]] = {}
    for node in block.body:
        assert isinstance(node, ast.ImportFrom)
        imported["." + (node.module or "")] = tuple(alias.name for alias in node.names)
    assert imported == belote._LAZY
    assert set(belote._HOME) <= set(belote.__all__)


def test_import_is_cheap() -> None:
    """``import belote`` and the CLI's group load no numpy, numba or polars."""
    code = ("import sys, belote, belote.cli.main; "
            "print(sorted(m for m in ('numpy', 'numba', 'polars', 'tqdm') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_old_paths_warn_and_give_the_same_objects() -> None:
    sys.modules.pop("belote.solver", None)
    with pytest.warns(DeprecationWarning, match="belote.solver is deprecated"):
        import belote.solver  # noqa: F401
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from belote.solver.dd.solve import dd_table
        from belote.solver.types.deal import Deal
        from belote.solver import COINCHE
        import belote.solver.formats.pbn as old_pbn
    assert dd_table is belote.dd_table and Deal is belote.Deal and COINCHE is belote.COINCHE
    assert old_pbn is belote.pbn
    assert old_pbn.__name__ == "belote.formats.pbn"  # the module itself, not a second copy


@pytest.mark.parametrize("old, new, names", [
    ("belote.rules.profiles", "belote.types.profile",
     ("CLASSIC", "COINCHE", "PROFILES", "RuleProfile", "get_profile")),
    ("belote.types.board", "belote.board", ("Board", "BoardSource")),
])
def test_moved_modules_warn_and_give_the_same_objects(old: str, new: str,
                                                      names: tuple[str, ...]) -> None:
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=f"{old} is deprecated"):
        module = importlib.import_module(old)
    home = importlib.import_module(new)
    assert [getattr(module, name) is getattr(home, name) for name in names] == [True] * len(names)
    assert sorted(module.__all__) == sorted(names)
