"""Solving many things at once: :func:`parallel_map` over threads, processes or any executor."""

from .runner import parallel_map, worker_count

__all__ = ["parallel_map", "worker_count"]
