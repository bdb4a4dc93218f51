"""Solving many things at once: :func:`parallel_map` over threads, processes or any executor,
run as a :class:`Run` says."""

from .runner import EXECUTORS, default_chunk_size, fork_is_safe, parallel_map, worker_count

__all__ = ["EXECUTORS", "default_chunk_size", "fork_is_safe", "parallel_map", "worker_count"]
