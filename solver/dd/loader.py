"""Loading the numba kernels on first use: :func:`load_kernels`.

Importing :mod:`belote.dd` imports no numba (``belote --help`` stays instant); the first
search calls :func:`load_kernels`, which imports :mod:`._kernels` (numba with it) and loads
the compiled kernels from numba's cache, compiling them once where there is none.

>>> kernels = load_kernels()
>>> load_kernels() is kernels, kernels.__name__
(True, 'belote.dd._kernels')
"""

from __future__ import annotations

import importlib
import os
import sys
import tempfile
from pathlib import Path
from types import ModuleType

__all__ = ["load_kernels", "use_kernels"]

_kernels: ModuleType | None = None
"""The kernels module once loaded (worker processes forked after :func:`load_kernels` inherit it)."""


def _import_kernels() -> ModuleType:
    """Import :mod:`._kernels`; where numba finds no writable cache location, use a new temporary
    one (with a one-line note naming ``NUMBA_CACHE_DIR``) rather than fail.

    numba caches the compiled kernels next to their source (``__pycache__``), else in the user's
    cache directory (``~/.cache/numba``), else nowhere it may write: a read-only installation
    with a read-only home (a container, a service account). Worker processes inherit the
    temporary directory through ``NUMBA_CACHE_DIR``, so they load what this process compiled.
    """
    name = __name__.rpartition(".")[0] + "._kernels"
    try:
        return importlib.import_module(name)  # numba is imported here, not at package import
    except RuntimeError as e:
        if "no locator available" not in str(e):
            raise
    sys.modules.pop(name, None)
    import numba  # imported only on this rare path: the kernels' import above failed

    directory = tempfile.mkdtemp(prefix="belote-numba-cache-")
    numba.config.CACHE_DIR = os.environ["NUMBA_CACHE_DIR"] = directory  # type: ignore[attr-defined]
    print(f"belote: no writable numba cache location (package directory, home): using "
          f"{directory} for this run; set NUMBA_CACHE_DIR to a writable directory to keep the "
          f"compiled solver", file=sys.stderr, flush=True)
    return importlib.import_module(name)


def load_kernels() -> ModuleType:
    """The numba kernels module (:mod:`._kernels`), imported on the first call, saying so once
    on stderr when they must be compiled (no cached copy)."""
    global _kernels
    if _kernels is None:
        kernels = _import_kernels()
        cache = getattr(kernels.search, "_cache", None)
        index = getattr(getattr(cache, "_cache_file", None), "_index_path", None)
        if index is not None and not Path(index).exists():
            print("belote: compiling the solver kernels (first run only, about 12 s)...",
                  file=sys.stderr, flush=True)
        _kernels = kernels
    return _kernels


def use_kernels(module: ModuleType) -> ModuleType | None:
    """Search with ``module`` as the kernels from now on; return the module it replaces.

    For comparing two versions of the kernel file in one process (``bench/ab.py``): ``module``
    must have the workspace layout of :mod:`._kernels` (its offsets and entry points).
    """
    global _kernels
    previous, _kernels = _kernels, module
    return previous
