"""Deprecated: ``belote.solver.X`` is now ``belote.X`` (this alias goes in the next version).

Importing ``belote.solver`` or any ``belote.solver.<module>`` warns once with a
:class:`DeprecationWarning` and gives the very module objects of the new paths,
so ``belote.solver.dd.dd_table is belote.dd.dd_table``.

>>> import warnings
>>> with warnings.catch_warnings():
...     warnings.simplefilter("ignore", DeprecationWarning)
...     from belote.solver.types.deal import Deal as OldDeal
>>> import belote
>>> OldDeal is belote.Deal
True
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from types import ModuleType
from typing import Any

_PREFIX = __name__ + "."
_NEW = __name__.rpartition(".")[0]

warnings.warn("belote.solver is deprecated: import from belote instead (belote.solver.X is "
              "belote.X)", DeprecationWarning, stacklevel=2)

__path__: list[str] = []  # a package, so that belote.solver.<module> is looked up below


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``belote.solver.<module>`` and loads it as the module ``belote.<module>``."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None
                  ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(_PREFIX):
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(_NEW + "." + spec.name[len(_PREFIX):])
        self._spec = module.__spec__  # the import system overwrites it: put it back below
        return module

    def exec_module(self, module: ModuleType) -> None:
        module.__spec__ = self._spec


if not any(isinstance(finder, _Alias) for finder in sys.meta_path):
    sys.meta_path.insert(0, _Alias())  # before PathFinder, which would load a second copy


def __getattr__(name: str) -> Any:
    """The names of the old ``belote.solver`` package: those of :mod:`belote`."""
    return getattr(importlib.import_module(_NEW), name)
