"""Solving many things at once: :func:`parallel_map` over threads, processes or any executor,
run as a :class:`Run` says."""

from .runner import Run, parallel_map, worker_count

__all__ = ["Run", "parallel_map", "worker_count"]
