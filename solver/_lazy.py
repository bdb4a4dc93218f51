"""The addresses' machinery: a package's public names, imported on first use from one table.

``belote`` and each of its subpackages write their public names once, in a table of home
module -> names, and take from :func:`attach` their ``__all__`` (the names, in table order), a
module ``__getattr__`` that imports a name's home on first use (and keeps the value), and a
``__dir__``. So ``import belote.dd`` imports nothing below it, and ``from belote.advice import
PLAYED_SAMPLES`` only the module that defines it. A name that its home module does not define,
and is that module's own name, is the module itself (``".formats.pbn": ("pbn",)`` gives
``belote.pbn``).

Type checkers and the docs read the same names from each package's ``TYPE_CHECKING`` block
(``from .solve import dd_table as dd_table``); tests/test_front_door.py keeps the block and the
table equal.

>>> import types
>>> names, getattr_, dir_ = attach("belote.types", {".cards": ("CardSet",)})
>>> names, getattr_("CardSet").__name__, "CardSet" in dir_()
(['CardSet'], 'CardSet', True)
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any

__all__ = ["attach"]


def attach(package: str, table: dict[str, tuple[str, ...]]
           ) -> tuple[list[str], Callable[[str], Any], Callable[[], list[str]]]:
    """``(__all__, __getattr__, __dir__)`` of ``package``, whose public names are ``table``'s
    (home module relative to ``package`` -> the names it gives)."""
    homes = {name: module for module, names in table.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = homes.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        home = importlib.import_module(module, package)
        if hasattr(home, name) or home.__name__.rpartition(".")[2] != name:
            value = getattr(home, name)
        else:  # the module itself
            value = home
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(homes))

    return list(homes), __getattr__, __dir__
