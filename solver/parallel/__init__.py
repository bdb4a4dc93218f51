"""Solving many things at once: :func:`parallel_map` over threads, processes or any executor,
run as a :class:`Run` says."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach

_TABLE: dict[str, tuple[str, ...]] = {
    ".runner": ("EXECUTORS", "MAX_CHUNK", "default_chunk_size", "fork_is_safe", "parallel_map",
                "worker_count"),
}
"""The public names of this package, by home module (see :mod:`belote._lazy`)."""

if TYPE_CHECKING:
    from .runner import (EXECUTORS as EXECUTORS, MAX_CHUNK as MAX_CHUNK,
                         default_chunk_size as default_chunk_size, fork_is_safe as fork_is_safe,
                         parallel_map as parallel_map, worker_count as worker_count)

if not TYPE_CHECKING:  # a checker reads the imports above, and flags other names
    __all__, __getattr__, __dir__ = attach(__name__, _TABLE)
